/**
 * Fields filled one after the other from the keyboard or a scanner (a place, then a quantity, then the reel):
 * Enter in one moves the focus on to the next, and Enter in the last submits (or, where the last is a scan
 * box, its own Enter is the scan). An Enter that only ends an input method's composition (a Chinese part
 * name typed with pinyin) is the typist's, not a move.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';

/** What a field of the chain must be able to do (an antd Input's, InputNumber's or the scan box's ref). */
export interface Focusable {
  focus(options?: FocusOptions): void;
}

export interface EnterChain {
  /** The ref and Enter handler of field `index` (0-based, in the order Enter goes). */
  field(index: number): { ref: (element: Focusable | null) => void; onPressEnter: (event: KeyboardEvent) => void };
  /** The ref alone, for a last field whose Enter is its own (the scan box). */
  ref(index: number): (element: Focusable | null) => void;
  /** Puts the focus in field `index` (e.g. back in the last after its submit). */
  focus(index: number): void;
}

/**
 * A chain of `length` fields; `submit` runs on Enter in the last one (the one of the latest render, so it
 * sees what was typed, the last field's own Enter included).
 */
export function useEnterChain(length: number, submit?: () => void): EnterChain {
  const fields = useRef<(Focusable | null)[]>([]);
  const latestSubmit = useRef(submit);
  useLayoutEffect(() => {
    latestSubmit.current = submit;
  });

  const focus = useCallback((index: number) => fields.current[index]?.focus(), []);
  return useMemo(() => {
    const refs = Array.from({ length }, (_, index) => (element: Focusable | null) => {
      fields.current[index] = element;
    });
    const enters = Array.from({ length }, (_, index) => (event: KeyboardEvent) => {
      if (event.nativeEvent.isComposing) return;
      if (index < length - 1) focus(index + 1);
      // Once React has committed what this Enter itself changed (an InputNumber writes its value clamped to
      // its range and rounded on Enter), so what is submitted is what the field shows.
      else window.setTimeout(() => latestSubmit.current?.(), 0);
    });
    return { field: (index) => ({ ref: refs[index], onPressEnter: enters[index] }), ref: (index) => refs[index], focus };
  }, [length, focus]);
}
