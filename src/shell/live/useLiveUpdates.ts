/**
 * React side of the live-update stream (liveEvents.ts): a screen names the kinds of change it shows
 * and the queries that show them; they are invalidated (react-query reloads what is on screen) when
 * such a change arrives or the stream says to resync.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { liveEvents, type LiveKind, type LiveListener } from './liveEvents';

/** Calls `listener` for live changes of `kinds` (and resyncs) while the component is mounted. */
export function useLiveEvents(kinds: LiveKind[], listener: LiveListener) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  const key = kinds.join(',');
  useEffect(() => liveEvents.subscribe(key.split(',') as LiveKind[], (event) => latest.current(event)), [key]);
}

/** Invalidates `queryKeys` whenever a change of `kind` arrives (or a resync). */
export function useLiveInvalidation(kind: LiveKind, queryKeys: readonly QueryKey[]) {
  const client = useQueryClient();
  useLiveEvents([kind], () => {
    for (const queryKey of queryKeys) void client.invalidateQueries({ queryKey });
  });
}
