import { useEffect, useState } from 'react';
import { fileTaskInfo, isActive, type FileTaskView } from './file-task-api';

/** How often a running task is read again. */
export const POLL_MS = 1500;

/**
 * Follows one task: reads it, then reads it again every {@link POLL_MS} while it is queued or
 * running, and stops once it has finished (or the id changes, or the component unmounts).
 */
export function useFileTask(id: number | undefined): { readonly task: FileTaskView | undefined; readonly error: Error | undefined } {
  const [task, setTask] = useState<FileTaskView>();
  const [error, setError] = useState<Error>();

  useEffect(() => {
    setTask(undefined);
    setError(undefined);
    if (id === undefined) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      fileTaskInfo(id).then(
        (value) => {
          if (stopped) return;
          setTask(value);
          if (isActive(value)) timer = setTimeout(read, POLL_MS);
        },
        (reason: unknown) => {
          if (!stopped) setError(reason instanceof Error ? reason : new Error(String(reason)));
        },
      );
    };
    read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [id]);

  return { task, error };
}
