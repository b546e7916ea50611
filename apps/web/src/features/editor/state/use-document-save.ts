import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../../shared/api-client.ts';
import { type DocumentCode, type EditorEvent, type EditorState, isDirty } from './editor-state.ts';

/** Saves the edited document with the version it was loaded at. */
export type SaveDocument = (
  data: { config: Record<string, unknown>; version: number } & DocumentCode,
  /** `keepalive`: the page is unloading; the request must outlive it (a shell may ignore it). */
  options?: { keepalive?: boolean },
) => Promise<ApiResult<{ version: number }>>;

/** "Save delay 300 ms": changes are saved after this much quiet. */
export const SAVE_DELAY_MS = 300;

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'conflict' | 'failed';

export type SaveOptions = {
  /** Save 300 ms after the last change (the page editor); false saves only with `saveNow`. */
  autosave: boolean;
  /** The shell's own unsaved changes outside the document (the e-mail template's title). */
  shellDirty: boolean;
};

/**
 * Saves the page 300 ms after the last change (unless autosave is off), or at once with `saveNow`. A 409
 * (the page was changed elsewhere) stops saving until the person reloads.
 */
export function useDocumentSave(
  save: SaveDocument,
  state: EditorState,
  dispatch: (event: EditorEvent) => void,
  { autosave, shellDirty }: SaveOptions = { autosave: true, shellDirty: false },
) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(state);
  latest.current = state;
  const shellDirtyRef = useRef(shellDirty);
  shellDirtyRef.current = shellDirty;
  const inFlight = useRef<Promise<boolean> | null>(null);
  const blocked = useRef(false);
  // The version of the last save, known before React renders the 'saved' state: a save that waited for
  // another one must send the version that one answered, or the server sees a stale version (409).
  const lastVersion = useRef(0);

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (blocked.current) return false;
    while (inFlight.current) await inFlight.current;
    const current = latest.current;
    if (!isDirty(current) && !shellDirtyRef.current) return true;
    const document = current.history.present;
    const code = current.code;
    setStatus('saving');
    const run = (async () => {
      const result = await save({
        config: document as unknown as Record<string, unknown>,
        version: Math.max(current.saved.version, lastVersion.current),
        ...code,
      });
      if (result.error !== undefined) {
        if (result.info.status === 409) {
          blocked.current = true;
          setStatus('conflict');
        } else {
          setStatus('failed');
        }
        setError(result.error);
        return false;
      }
      lastVersion.current = result.data.version;
      dispatch({ type: 'saved', document, code, version: result.data.version });
      setError(null);
      const now = latest.current;
      setStatus(now.history.present === document && now.code === code ? 'saved' : 'unsaved');
      return true;
    })();
    inFlight.current = run;
    const ok = await run;
    inFlight.current = null;
    return ok;
  }, [save, dispatch]);

  const dirty = isDirty(state) || shellDirty;
  // biome-ignore lint/correctness/useExhaustiveDependencies: every change to the document or code restarts the 300 ms wait
  useEffect(() => {
    if (blocked.current) return;
    if (!dirty) {
      if (!inFlight.current) setStatus('saved');
      return;
    }
    setStatus((current) => (current === 'saving' ? current : 'unsaved'));
    if (!autosave) return;
    const timer = window.setTimeout(() => void saveNow(), SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dirty, autosave, saveNow, state.history.present, state.code]);

  // A reload or close the person confirmed inside the 300 ms wait: the change leaves with the page
  // (a keepalive request outlives it) instead of being lost. Only with autosave, which promised it.
  useEffect(() => {
    if (!autosave) return;
    const flush = () => {
      const current = latest.current;
      if (blocked.current || !isDirty(current) || inFlight.current) return;
      void save(
        {
          config: current.history.present as unknown as Record<string, unknown>,
          version: Math.max(current.saved.version, lastVersion.current),
          ...current.code,
        },
        { keepalive: true },
      );
    };
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [autosave, save]);

  const unblock = useCallback(() => {
    blocked.current = false;
    setError(null);
    setStatus('saved');
  }, []);

  // With autosave an unsaved change is already on its way: 'Saving…' until the server has it.
  const shown: SaveStatus = autosave && status === 'unsaved' ? 'saving' : status;
  return { status: shown, error, saveNow, unblock, dirty };
}
