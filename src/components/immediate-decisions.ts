import type { CanParams, CanReturnType } from '@refinedev/core';
import { createContext } from 'react';

/**
 * The access control provider's answer at once, when it has one without loading or fetching
 * (`decisionNow` of providers/access-control.ts, given by the console's routes; absent in a
 * screen test with a provider of its own).
 */
export const ImmediateDecisions = createContext<((question: CanParams) => CanReturnType | undefined) | undefined>(undefined);
