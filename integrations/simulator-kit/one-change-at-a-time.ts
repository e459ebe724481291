/**
 * A simulator's lock: the read-modify-write tasks given to it run one at a
 * time, so that e.g. two creates with the same id cannot both pass the check
 * for a duplicate. A task's result is handed back only once `saved` says its
 * change is on disk, but that wait is outside the lock: payments made together
 * share one write instead of queueing for one each (issue #18).
 */
export function oneChangeAtATime(saved: () => Promise<void>): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = queue.then(task);
    queue = run.catch(() => {});
    return run.then(async (result) => {
      await saved();
      return result;
    });
  };
}
