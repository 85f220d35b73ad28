/**
 * The classroom's queries, one concept a file. Route handlers and the classroom's other modules call
 * these and never build SQL themselves; other features import them from here.
 */
export * from './classes';
export * from './joinCodes';
export * from './teachers';
export * from './roster';
export * from './assignments';
export * from './reviews';
export * from './progress';
export * from './turnIns';
export * from './people';
