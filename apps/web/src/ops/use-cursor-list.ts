import { useCallback, useEffect, useRef, useState } from "react";
import { textOf } from "./use-load";

type Page<T> = { items: T[]; nextCursor: string | null };

/**
 * A console list read a page at a time: the first page whenever `key` changes (or on reload), the next appended by
 * `more`.
 */
export function useCursorList<T>(load: (cursor: string | null) => Promise<Page<T>>, key: string) {
  const [state, setState] = useState<{
    items: T[];
    nextCursor: string | null;
    loading: boolean;
    error?: string;
  }>({ items: [], nextCursor: null, loading: true });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const live = useRef(0);
  const fetchPage = useCallback((cursor: string | null) => {
    const ticket = ++live.current;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    loadRef.current(cursor).then(
      (page) =>
        ticket === live.current &&
        setState((s) => ({
          items: cursor ? [...s.items, ...page.items] : page.items,
          nextCursor: page.nextCursor,
          loading: false,
        })),
      (error: unknown) =>
        ticket === live.current && setState((s) => ({ ...s, loading: false, error: textOf(error) })),
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key and version are what start a fresh first page.
  useEffect(() => {
    setState({ items: [], nextCursor: null, loading: true });
    fetchPage(null);
    return () => {
      live.current += 1;
    };
  }, [key, version, fetchPage]);
  return {
    ...state,
    reload: useCallback(() => setVersion((v) => v + 1), []),
    more: useCallback(() => {
      if (state.nextCursor) fetchPage(state.nextCursor);
    }, [state.nextCursor, fetchPage]),
  };
}
