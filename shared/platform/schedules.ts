/** The messages scheduled rules send to the queues: the CDK app schedules them, the functions read them. */

/** What the daily schedule sends to start a sweep (infra/stacks/media-stack.ts). */
export const SWEEP_START = { kind: 'sweep' } as const;
