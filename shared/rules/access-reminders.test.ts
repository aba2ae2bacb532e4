import { describe, expect, it } from 'vitest';
import {
  dueReminder,
  extendedAccessEnd,
  firstReminder,
  nextReminder,
  planReminder,
} from './access-reminders';

const fulfilledAt = '2026-01-01T12:00:00.000Z';
const end = new Date('2026-01-31T12:00:00.000Z');
const order = {
  status: 'FULFILLED' as const,
  fulfilledAt,
  createdAt: fulfilledAt,
  customerEmail: 'ana@example.com',
};
const at = (iso: string) => new Date(iso);

describe('the reminder schedule', () => {
  it('starts with the 7-day reminder, then the 1-day one, then nothing', () => {
    expect(nextReminder(end, at(fulfilledAt))).toEqual({
      nextReminderAt: '2026-01-24T12:00:00.000Z',
      reminderDay: '2026-01-24',
    });
    expect(nextReminder(end, at('2026-01-24T12:00:00Z'), new Set(['7']))?.nextReminderAt).toBe(
      '2026-01-30T12:00:00.000Z',
    );
    expect(nextReminder(end, at('2026-01-30T12:00:00Z'), new Set(['7', '1']))).toBeUndefined();
  });

  it('skips a reminder whose time is past when the access was extended by a few days', () => {
    expect(nextReminder(end, at('2026-01-28T00:00:00Z'))?.nextReminderAt).toBe('2026-01-30T12:00:00.000Z');
  });

  it('schedules nothing for a customer without an email', () => {
    expect(firstReminder(end, at(fulfilledAt), undefined)).toBeUndefined();
    expect(firstReminder(end, at(fulfilledAt), 'ana@example.com')?.reminderDay).toBe('2026-01-24');
  });
});

describe('the reminder due', () => {
  it('is none before the 7-day mark, the 7-day one at it, the 1-day one at its own mark', () => {
    expect(dueReminder(order, at('2026-01-24T11:59:59Z'))).toBeUndefined();
    expect(dueReminder(order, at('2026-01-24T12:00:00Z'))).toBe('7');
    expect(
      dueReminder({ ...order, remindersSent: new Set(['7']) }, at('2026-01-25T00:00:00Z')),
    ).toBeUndefined();
    expect(dueReminder({ ...order, remindersSent: new Set(['7']) }, at('2026-01-30T12:00:00Z'))).toBe('1');
  });

  it('sends the 1-day reminder, not the late 7-day one, when both are due', () => {
    expect(dueReminder(order, at('2026-01-30T13:00:00Z'))).toBe('1');
  });

  it('is none once sent, once access ended, after unsubscribing, without an email or when not fulfilled', () => {
    const late = at('2026-01-30T13:00:00Z');
    expect(dueReminder({ ...order, remindersSent: new Set(['1']) }, late)).toBeUndefined();
    expect(dueReminder(order, end)).toBeUndefined();
    expect(dueReminder({ ...order, remindersOffAt: fulfilledAt }, late)).toBeUndefined();
    expect(dueReminder({ ...order, customerEmail: undefined }, late)).toBeUndefined();
    expect(dueReminder({ ...order, status: 'REFUNDED' }, late)).toBeUndefined();
    expect(dueReminder({ ...order, status: 'DISPUTED' }, late)).toBeUndefined();
  });

  it('follows an extended end', () => {
    const extended = { ...order, accessEndsAt: '2026-03-01T00:00:00.000Z' };
    expect(dueReminder(extended, at('2026-01-30T13:00:00Z'))).toBeUndefined();
    expect(dueReminder(extended, at('2026-02-22T00:00:00Z'))).toBe('7');
  });
});

describe('extending access', () => {
  it('adds the days to the current end while access lasts', () => {
    expect(extendedAccessEnd(order, 30, at('2026-01-20T00:00:00Z'))).toEqual({
      accessEndsAt: at('2026-03-02T12:00:00.000Z'),
    });
  });

  it('opens an ended order again for the days from now', () => {
    expect(extendedAccessEnd(order, 7, at('2026-02-10T00:00:00Z'))).toEqual({
      accessEndsAt: at('2026-02-17T00:00:00.000Z'),
    });
  });

  it('extends an extension', () => {
    const extended = { ...order, accessEndsAt: '2026-03-01T00:00:00.000Z' };
    expect(extendedAccessEnd(extended, 1, at('2026-01-20T00:00:00Z'))).toEqual({
      accessEndsAt: at('2026-03-02T00:00:00.000Z'),
    });
  });

  it('refuses orders that are not fulfilled and days out of range', () => {
    const now = at('2026-01-20T00:00:00Z');
    for (const status of ['PENDING', 'DISPUTED', 'REFUNDED', 'EXPIRED', 'PROCESSING'] as const)
      expect(extendedAccessEnd({ ...order, status }, 7, now)).toEqual({ refused: 'not-fulfilled' });
    for (const days of [0, -1, 1.5, 366])
      expect(extendedAccessEnd(order, days, now)).toEqual({ refused: 'bad-days' });
  });
});

describe('the reminder run’s plan for an order the index says is due', () => {
  const due = { ...order, nextReminderAt: '2026-01-24T12:00:00.000Z' };

  it('sends the due reminder and schedules the next', () => {
    expect(planReminder(due, at('2026-01-24T12:30:00Z'))).toEqual({
      send: '7',
      accessEndsAt: end,
      next: { nextReminderAt: '2026-01-30T12:00:00.000Z', reminderDay: '2026-01-30' },
    });
  });

  it('schedules nothing after the last reminder', () => {
    const last = { ...due, nextReminderAt: '2026-01-30T12:00:00.000Z', remindersSent: new Set(['7']) };
    expect(planReminder(last, at('2026-01-30T12:00:00Z'))).toMatchObject({ send: '1', next: undefined });
  });

  it('leaves an order whose schedule moved ahead (extended) alone', () => {
    expect(
      planReminder({ ...due, nextReminderAt: '2026-02-22T00:00:00.000Z' }, at('2026-01-24T13:00:00Z')),
    ).toEqual({
      skip: 'not-due-yet',
    });
  });

  it('clears the schedule of an unsubscribed, refunded or ended order', () => {
    const now = at('2026-01-24T13:00:00Z');
    expect(planReminder({ ...due, remindersOffAt: fulfilledAt }, now)).toEqual({ reschedule: undefined });
    expect(planReminder({ ...due, status: 'REFUNDED' }, now)).toEqual({ reschedule: undefined });
    expect(planReminder(due, at('2026-02-01T00:00:00Z'))).toEqual({ reschedule: undefined });
  });

  it('moves a reminder already sent on to the next one', () => {
    expect(planReminder({ ...due, remindersSent: new Set(['7']) }, at('2026-01-24T13:00:00Z'))).toEqual({
      reschedule: { nextReminderAt: '2026-01-30T12:00:00.000Z', reminderDay: '2026-01-30' },
    });
  });
});
