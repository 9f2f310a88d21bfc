import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_REMOVE_DELAY_MS, currentToasts, dismissToast, toast } from './toast-store.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time: a new toast replaces the previous one', () => {
    toast({ title: 'Case created successfully' });
    toast({ title: 'Failed to delete case', description: 'Case not found', variant: 'destructive' });
    const shown = currentToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ title: 'Failed to delete case', description: 'Case not found', variant: 'destructive', open: true });
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Case updated successfully' });
    dismissToast(id);
    expect(currentToasts()[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toHaveLength(0);
  });
});
