import { act } from 'preact/test-utils';

/**
 * Runs what a user does (a tap, typing, picking files), then lets one macrotask pass before the test
 * looks again, as time passes between a user's steps. preact/test-utils' act returns as soon as Preact
 * has rendered, before promise chains the step started (a scripted answer read, a mutation's success
 * toast) have run; React's act, which the page tests were first written against, ended with a task too.
 */
export async function userAct(step: () => void | Promise<void>): Promise<void> {
  await act(async () => {
    await step();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
