import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { todayIn } from '@/lib/date-range';
import { CustomRangeFields, RangePicker } from './range-picker';

const range = { from: '2024-03-01', to: '2024-03-10' };

describe('CustomRangeFields', () => {
  it('bounds each date by the other (and the end by today) and changes one end at a time', () => {
    const onChange = vi.fn();
    render(<CustomRangeFields range={range} onChange={onChange} />);
    const from = screen.getByLabelText('De');
    const to = screen.getByLabelText('até');
    expect(from.getAttribute('max')).toBe('2024-03-10');
    expect(to.getAttribute('min')).toBe('2024-03-01');
    expect(to.getAttribute('max')).toBe(todayIn());

    fireEvent.change(from, { target: { value: '2024-02-20' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2024-02-20', to: '2024-03-10' });
    fireEvent.change(to, { target: { value: '2024-03-05' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2024-03-01', to: '2024-03-05' });
    // A cleared field changes nothing.
    fireEvent.change(to, { target: { value: '' } });
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

describe('RangePicker', () => {
  it('shows the date fields only for Personalizado', () => {
    const props = { range, onPreset: vi.fn(), onCustom: vi.fn() };
    const { rerender } = render(<RangePicker preset="7d" {...props} />);
    expect(screen.queryByLabelText('De')).toBeNull();
    rerender(<RangePicker preset="personalizado" {...props} />);
    fireEvent.change(screen.getByLabelText('De'), { target: { value: '2024-02-20' } });
    expect(props.onCustom).toHaveBeenCalledWith({ from: '2024-02-20', to: '2024-03-10' });
  });
});
