import { Refine } from '@refinedev/core';
import { refineResources } from './screens/resource-screens';
export const X = () => <Refine resources={refineResources()} />;
