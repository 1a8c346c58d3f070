// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { TextField } from '../../../src/ui/forms/field';
import { PageDots, Pager } from '../../../src/ui/components/gestures/pager';
import { Switch } from '../../../src/ui/forms/switch';
import { ValuablesTable, type RenameControl } from '../../../src/ui/valuables/valuables-table';
import { ValueChart } from '../../../src/ui/components/charts/value-chart';
import { Change } from '../../../src/ui/components/charts/change';

describe('TextField', () => {
  it('shows each error under the field and links it with aria-describedby', () => {
    render(<TextField label="Shares" name="shares" decimal errors={['Must be more than 0']} />);
    const input = screen.getByLabelText('Shares');
    expect(input).toHaveProperty('type', 'text');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toContain('Must be more than 0');
  });

  it('refuses a non-decimal through native validity', async () => {
    render(<TextField label="Price" name="price" decimal />);
    const input = screen.getByLabelText<HTMLInputElement>('Price');
    await userEvent.type(input, '1e5');
    expect(input.validity.patternMismatch).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, '12,50');
    expect(input.validity.valid).toBe(true);
  });
});

describe('Switch', () => {
  it('is a switch named by its label that reports its state', async () => {
    const onToggle = vi.fn();
    render(<Switch label="Show currency" checked onToggle={onToggle} />);
    const toggle = screen.getByRole('switch', { name: 'Show currency' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledOnce();
  });
});

describe('Change', () => {
  it('tells a loss by its sign and words, not colour alone', () => {
    render(<Change change={-4} ratio={-0.05} />);
    const text = document.querySelector('.change')?.textContent ?? '';
    expect(text).toContain('Down');
    expect(text).toContain('\u2212');
    expect(text).toContain('5.00 %');
  });
});

describe('ValueChart', () => {
  it('draws an empty series as a flat line with a named image', () => {
    render(
      <ValueChart
        points={[]}
        description="Total value, Day"
        now={Date.parse('2024-01-01T00:00:00Z')}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Value chart, Total value, Day' });
    const line = chart.querySelector('.chart__line')?.getAttribute('d') ?? '';
    expect(line).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
  });

  it('labels the y axis with round ticks inside the padded, rounded domain, which hugs the data', () => {
    const points = [
      { time: '2024-01-01T00:00:00Z', value: 103 },
      { time: '2024-01-01T01:00:00Z', value: 197 },
    ];
    render(<ValueChart points={points} description="Value, Day" now={0} />);
    const yTicks = [...document.querySelectorAll('text.chart__tick[text-anchor="end"]')]
      .map((t) => t.textContent ?? '')
      .filter((label) => /^\d+$/.test(label));
    // The spec's [90, 210], with the round steps inside it.
    expect(yTicks).toEqual(['100', '150', '200']);
  });
});

describe('ValuablesTable', () => {
  const rows = [
    { id: '1', name: 'Pension', href: '/portfolios/1', value: 1000, change: 10, changeRatio: 0.01 },
  ];
  const control = (overrides: Partial<RenameControl> = {}): RenameControl => ({
    editingId: undefined,
    draft: '',
    error: undefined,
    start: vi.fn(),
    change: vi.fn(),
    blur: vi.fn(),
    submit: vi.fn(),
    cancel: vi.fn(),
    ...overrides,
  });
  const renderTable = (rename: RenameControl) => {
    const location = memoryLocation({ path: '/home', record: true });
    render(
      <Router hook={location.hook}>
        <ValuablesTable label="Portfolios" rows={rows} rename={rename} />
      </Router>,
    );
    return location;
  };

  it('links each row to its screen', () => {
    renderTable(control());
    const table = screen.getByRole('table', { name: 'Portfolios' });
    expect(table.querySelector('a')?.getAttribute('href')).toBe('/portfolios/1');
    expect(screen.getByRole('columnheader', { name: 'Value' })).toBeTruthy();
  });

  it('starts a rename on a 450 ms press, vibrates 100 ms, and does not navigate', () => {
    vi.useFakeTimers();
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      const rename = control();
      const location = renderTable(rename);
      const link = screen.getByRole('link', { name: /Pension/ });
      fireEvent.pointerDown(link, { button: 0, clientX: 5, clientY: 5 });
      act(() => {
        vi.advanceTimersByTime(449);
      });
      expect(rename.start).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(vibrate).toHaveBeenCalledWith(100);
      expect(rename.start).toHaveBeenCalledWith('1', 'Pension');
      fireEvent.pointerUp(link);
      fireEvent.click(link);
      expect(location.history).toEqual(['/home']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a long press by touch starts the rename too, and the click after it does not navigate', () => {
    vi.useFakeTimers();
    try {
      const rename = control();
      const location = renderTable(rename);
      const link = screen.getByRole('link', { name: /Pension/ });
      const at = [{ clientX: 5, clientY: 5 }];
      fireEvent.touchStart(link, { touches: at, changedTouches: at });
      act(() => {
        vi.advanceTimersByTime(450);
      });
      expect(rename.start).toHaveBeenCalledExactlyOnceWith('1', 'Pension');
      fireEvent.touchEnd(link, { touches: [], changedTouches: at });
      fireEvent.click(link);
      expect(location.history).toEqual(['/home']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a finger that moves is scrolling, not pressing', () => {
    vi.useFakeTimers();
    try {
      const rename = control();
      renderTable(rename);
      const link = screen.getByRole('link', { name: /Pension/ });
      fireEvent.touchStart(link, {
        touches: [{ clientX: 5, clientY: 5 }],
        changedTouches: [{ clientX: 5, clientY: 5 }],
      });
      fireEvent.touchMove(link, {
        touches: [{ clientX: 5, clientY: 40 }],
        changedTouches: [{ clientX: 5, clientY: 40 }],
      });
      act(() => {
        vi.advanceTimersByTime(450);
      });
      expect(rename.start).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a short press is a plain click that follows the link', () => {
    const rename = control();
    const location = renderTable(rename);
    const link = screen.getByRole('link', { name: /Pension/ });
    fireEvent.pointerDown(link, { button: 0 });
    fireEvent.pointerUp(link);
    fireEvent.click(link);
    expect(rename.start).not.toHaveBeenCalled();
    expect(location.history).toEqual(['/home', '/portfolios/1']);
  });

  it('a click anywhere on the row opens its screen', async () => {
    const location = renderTable(control());
    await userEvent.click(screen.getAllByRole('cell')[1]);
    expect(location.history).toEqual(['/home', '/portfolios/1']);
  });

  it('a long press on the value, not only the name, starts the rename and stays put', () => {
    vi.useFakeTimers();
    try {
      const rename = control();
      const location = renderTable(rename);
      const value = screen.getAllByRole('cell')[1];
      fireEvent.pointerDown(value, { button: 0, clientX: 300, clientY: 5 });
      act(() => {
        vi.advanceTimersByTime(450);
      });
      expect(rename.start).toHaveBeenCalledExactlyOnceWith('1', 'Pension');
      fireEvent.pointerUp(value);
      fireEvent.click(value);
      expect(location.history).toEqual(['/home']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a finger held in the rename field selects text: no new rename, no vibration', () => {
    vi.useFakeTimers();
    const vibrate = vi.fn();
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      const rename = control({ editingId: '1', draft: 'Pension' });
      renderTable(rename);
      const field = screen.getByRole('textbox', { name: 'Rename Pension' });
      fireEvent.pointerDown(field, { button: 0, clientX: 20, clientY: 5 });
      act(() => {
        vi.advanceTimersByTime(600);
      });
      expect(rename.start).not.toHaveBeenCalled();
      expect(vibrate).not.toHaveBeenCalled();
      expect(fireEvent.contextMenu(field)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('edits the row in place: typing, Enter submits, blur leaves, errors under the field', async () => {
    const rename = control({ editingId: '1', draft: 'Pension', error: 'This field is required.' });
    renderTable(rename);
    const input = screen.getByRole('textbox', { name: 'Rename Pension' });
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This field is required.',
    );
    await userEvent.type(input, 'X');
    expect(rename.change).toHaveBeenCalledWith('PensionX');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(rename.submit).toHaveBeenCalledOnce();
    fireEvent.blur(input);
    expect(rename.blur).toHaveBeenCalled();
  });
});

describe('Pager', () => {
  const renderPager = (current: number) => {
    const onSelect = vi.fn();
    render(
      <>
        <PageDots count={2} current={current} onSelect={onSelect} />
        <Pager
          current={current}
          onSelect={onSelect}
          pages={[<p key="a">one</p>, <p key="b">two</p>]}
        />
      </>,
    );
    return onSelect;
  };

  it('marks the current dot and selects a page by its dot', async () => {
    const onSelect = renderPager(0);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'step',
    );
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('keeps other pages readable, or makes them inert when asked to hide them', () => {
    const { rerender } = render(
      <Pager
        current={0}
        onSelect={vi.fn()}
        pages={[<button key="a">one</button>, <button key="b">two</button>]}
      />,
    );
    expect(screen.getByRole('button', { name: 'two' }).closest('[inert]')).toBeNull();
    rerender(
      <Pager
        current={0}
        onSelect={vi.fn()}
        pages={[<button key="a">one</button>, <button key="b">two</button>]}
        otherPages="hidden"
      />,
    );
    expect(screen.getByRole('button', { name: 'one' }).closest('[inert]')).toBeNull();
    expect(screen.getByText('two').closest('[inert]')).not.toBeNull();
  });

  // Events fired on a page's content bubble to the pager, as a finger's do.
  const touch = (x: number, y: number) => [{ clientX: x, clientY: y }];

  it('asks for the next page on a left swipe of at least 75 px, not less', () => {
    const onSelect = renderPager(0);
    const page = screen.getByText('one');
    fireEvent.pointerDown(page, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(page, { clientX: 126, clientY: 100 });
    expect(onSelect).not.toHaveBeenCalled();
    fireEvent.pointerDown(page, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(page, { clientX: 125, clientY: 100 });
    expect(onSelect).toHaveBeenCalledWith(1);
  });

  it('asks for the previous page on a right swipe', () => {
    const onSelect = renderPager(1);
    const page = screen.getByText('two');
    fireEvent.pointerDown(page, { clientX: 100, clientY: 100 });
    fireEvent.pointerUp(page, { clientX: 200, clientY: 110 });
    expect(onSelect).toHaveBeenCalledWith(0);
  });

  it('a mostly vertical move is a scroll, not a swipe', () => {
    const onSelect = renderPager(0);
    const page = screen.getByText('one');
    fireEvent.pointerDown(page, { clientX: 200, clientY: 100 });
    fireEvent.pointerUp(page, { clientX: 100, clientY: 250 });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('swipes with touch events alone', () => {
    const onSelect = renderPager(0);
    const page = screen.getByText('one');
    fireEvent.touchStart(page, { touches: touch(200, 100), changedTouches: touch(200, 100) });
    fireEvent.touchMove(page, { touches: touch(150, 100), changedTouches: touch(150, 100) });
    fireEvent.touchEnd(page, { touches: [], changedTouches: touch(100, 100) });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('a finger sending both pointer and touch events swipes once', () => {
    const onSelect = renderPager(0);
    const page = screen.getByText('one');
    fireEvent.pointerDown(page, { clientX: 200, clientY: 100, pointerType: 'touch' });
    fireEvent.touchStart(page, { touches: touch(200, 100), changedTouches: touch(200, 100) });
    fireEvent.pointerUp(page, { clientX: 100, clientY: 100, pointerType: 'touch' });
    fireEvent.touchEnd(page, { touches: [], changedTouches: touch(100, 100) });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('when the browser cancels the pointer, the touch events finish the swipe', () => {
    const onSelect = renderPager(0);
    const page = screen.getByText('one');
    fireEvent.pointerDown(page, { clientX: 200, clientY: 100, pointerType: 'touch' });
    fireEvent.touchStart(page, { touches: touch(200, 100), changedTouches: touch(200, 100) });
    fireEvent.pointerCancel(page, { pointerType: 'touch' });
    fireEvent.touchEnd(page, { touches: [], changedTouches: touch(100, 100) });
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('focus moving into the other page asks for that page', () => {
    const onSelect = vi.fn();
    render(
      <Pager
        current={0}
        onSelect={onSelect}
        pages={[<p key="a">one</p>, <button key="b">Act on two</button>]}
      />,
    );
    act(() => screen.getByRole('button', { name: 'Act on two' }).focus());
    expect(onSelect).toHaveBeenCalledExactlyOnceWith(1);
  });
});
