import { useState } from 'react';
import { errorText } from '../../screens/generic/call-errors';

/**
 * A simulator's call and what it answered: the answer, or the error's text in its place, and
 * whether a call is on its way. Shared by the sale simulator and the top-up simulator.
 */
export function useSimulation<V, A>(call: (values: V) => Promise<A>) {
  const [answer, setAnswer] = useState<A>();
  const [failure, setFailure] = useState<string>();
  const [running, setRunning] = useState(false);
  const run = async (values: V) => {
    setRunning(true);
    setFailure(undefined);
    try {
      setAnswer(await call(values));
    } catch (error) {
      setAnswer(undefined);
      setFailure(errorText(error));
    } finally {
      setRunning(false);
    }
  };
  return { answer, failure, running, run };
}
