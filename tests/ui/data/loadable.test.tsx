// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Loadable } from '../../../src/ui/data/loadable';

const section = (stale: boolean) => (
  <Loadable status="ready" stale={stale} skeleton={<p>Loading…</p>}>
    {() => <input aria-label="Name" />}
  </Loadable>
);

describe('Loadable', () => {
  it('keeps what is being typed, and where, when a refresh fails and when it recovers', async () => {
    const { rerender } = render(section(false));
    const field = screen.getByLabelText<HTMLInputElement>('Name');
    await userEvent.type(field, 'Pensi');

    rerender(section(true));
    expect(screen.getByText('Out of date')).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBe(field);
    expect(document.activeElement).toBe(field);

    rerender(section(false));
    expect(screen.queryByText('Out of date')).toBeNull();
    expect(screen.getByLabelText('Name')).toBe(field);
    expect(document.activeElement).toBe(field);
    await userEvent.type(field, 'on');
    expect(field.value).toBe('Pension');
  });
});
