/** A Content-Security-Policy as the browser reads it: each directive's sources by name. */
export function directivesOf(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}
