import { useCallback, useEffect, useRef, useState } from "react";

/** The words of a failed call, for the console to show. */
export const textOf = (error: unknown) =>
  error instanceof Error ? error.message : "Something went wrong; try again.";

/** Loads something for a section, again whenever `key` changes: its value, its error, and a way to reload. */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ value?: T; error?: string; loading: boolean; of?: string }>({
    loading: true,
  });
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const of = `${key}#${version}`;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    loadRef.current().then(
      (value) => live && setState({ value, loading: false, of }),
      (error: unknown) => live && setState({ error: textOf(error), loading: false, of }),
    );
    return () => {
      live = false;
    };
  }, [key, version]);
  return { ...state, reload: useCallback(() => setVersion((v) => v + 1), []) };
}
