import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, useZodForm } from './use-zod-form';

const schema = z.object({ name: z.string().trim().min(3, 'Curto demais'), note: z.string() });

describe('useZodForm', () => {
  it('saves the parsed values, and shows the schema errors instead of saving', async () => {
    const save = vi.fn(async () => undefined);
    const { result } = renderHook(() => useZodForm(schema, { name: '', note: '' }));
    await act(() => result.current.handleSubmit(save)());
    expect(result.current.errors).toEqual({ name: 'Curto demais' });
    expect(save).not.toHaveBeenCalled();

    act(() => result.current.set('name', '  Ana Lu '));
    expect(result.current.errors).toEqual({});
    await act(() => result.current.handleSubmit(save)());
    expect(save).toHaveBeenCalledWith({ name: 'Ana Lu', note: '' });
  });

  it('puts a server error on its field, on errorField, or in failure', async () => {
    const { result } = renderHook(() => useZodForm(schema, { name: 'Ana', note: '' }));
    const failWith = (error: Error, options?: { errorField: string }) =>
      act(() =>
        result.current.handleSubmit(async () => {
          throw error;
        }, options)(),
      );
    await failWith(new ApiError('Dados inválidos — note: Longa demais', 400));
    expect(result.current.errors).toEqual({ note: 'Longa demais' });
    await failWith(new ApiError('Nome já usado', 409), { errorField: 'name' });
    expect(result.current.errors).toEqual({ name: 'Nome já usado' });
    await failWith(new ApiError('Serviço indisponível', 503));
    expect(result.current.failure).toBe('Serviço indisponível');
  });

  it('reads shaped values through toInput and check', async () => {
    const save = vi.fn();
    const { result } = renderHook(() =>
      useZodForm(
        schema,
        { first: 'An', last: '', agreed: false },
        {
          toInput: (values) => ({ name: `${values.first} ${values.last}`.trim(), note: '' }),
          check: (values): FieldErrors => (values.agreed ? {} : { agreed: 'Aceite os termos' }),
        },
      ),
    );
    await act(() => result.current.handleSubmit(save)());
    expect(result.current.errors).toEqual({ name: 'Curto demais', agreed: 'Aceite os termos' });
    act(() => result.current.setValues({ first: 'Ana', last: 'Lu', agreed: true }));
    await act(() => result.current.handleSubmit(save)());
    expect(save).toHaveBeenCalledWith({ name: 'Ana Lu', note: '' });
  });

  it('revalidates as the values change once a submit failed, when asked', async () => {
    const { result } = renderHook(() => useZodForm(schema, { name: '', note: '' }, { revalidate: true }));
    expect(result.current.errors).toEqual({});
    await act(() => result.current.handleSubmit(vi.fn())());
    act(() => result.current.set('name', 'An'));
    expect(result.current.errors).toEqual({ name: 'Curto demais' });
    act(() => result.current.set('name', 'Ana'));
    expect(result.current.errors).toEqual({});
  });

  it('starts over when the initial values change, not when they are only rebuilt', () => {
    const { result, rerender } = renderHook(({ name }) => useZodForm(schema, { name, note: '' }), {
      initialProps: { name: 'Ana' },
    });
    act(() => result.current.set('note', 'digitando'));
    rerender({ name: 'Ana' });
    expect(result.current.values.note).toBe('digitando');
    expect(result.current.isDirty).toBe(true);
    rerender({ name: 'Bia' });
    expect(result.current.values).toEqual({ name: 'Bia', note: '' });
    expect(result.current.isDirty).toBe(false);
  });
});
