/**
 * Mock mode saves its whole db to IndexedDB after every mocked answer (mocks/persist.ts). A screen's burst of
 * answers must not queue one full save per answer behind a slow one: on a loaded machine the last answer's
 * state (a user just added) reached IndexedDB only after every earlier save had run. While a save runs, the
 * saves asked for meanwhile are one, and it takes the state as it is when it starts.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { getMockDb, resetMockDb } from '../../../mocks/db';
import { restoreMockState, saveMockState } from '../../../mocks/persist';

interface PendingPut {
  value: { db: { users: { USER_NAME: string }[] } };
  complete(): void;
}

/** Just enough of IndexedDB for persist.ts: a put completes when the test says so; a get answers what was put last. */
function fakeIndexedDb() {
  const puts: PendingPut[] = [];
  let stored: unknown;
  const request = <T,>(result: () => T) => ({ get result() { return result(); } }) as IDBRequest<T>;
  const database = {
    close() {},
    transaction() {
      const transaction = { oncomplete: () => {}, onerror: () => {}, onabort: () => {} } as unknown as IDBTransaction;
      const finish = () => setTimeout(() => (transaction.oncomplete as () => void)());
      return Object.assign(transaction, {
        objectStore: () => ({
          put(value: PendingPut['value']) {
            // The clone IndexedDB keeps, taken when the put is made.
            const copy = structuredClone(value);
            puts.push({ value: copy, complete: () => ((stored = copy), finish()) });
            return request(() => undefined);
          },
          get() {
            finish();
            return request(() => stored);
          },
        }),
      });
    },
  };
  const indexedDb = {
    open() {
      const opening = { result: database, onsuccess: () => {}, onupgradeneeded: () => {}, onerror: () => {} };
      setTimeout(() => opening.onsuccess());
      return opening;
    },
  };
  return { indexedDb, puts };
}

let fake: ReturnType<typeof fakeIndexedDb>;

beforeEach(() => {
  fake = fakeIndexedDb();
  Object.defineProperty(globalThis, 'indexedDB', { value: fake.indexedDb, configurable: true });
  resetMockDb();
});

afterEach(() => {
  delete (globalThis as { indexedDB?: unknown }).indexedDB;
  resetMockDb();
});

const addUser = (name: string) => getMockDb().users.push({ ...getMockDb().users[0], ID: name, USER_NAME: name });
/** Completes every put, as IndexedDB would, until these saves are done. */
async function writeAll(saves: Promise<void>[]) {
  let done = false;
  void Promise.all(saves).then(() => (done = true));
  for (let written = 0; !done; await new Promise((resolve) => setTimeout(resolve))) {
    while (written < fake.puts.length) fake.puts[written++].complete();
  }
}
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve));
};

it('saves asked for while a save runs are one save, of the state when it starts, and a reload finds the last answer’s state', async () => {
  addUser('first');
  const first = saveMockState();
  await until(() => fake.puts.length === 1);

  // A burst of answers while the first save is still being written.
  const burst = ['second', 'third', 'fourth'].map((name) => {
    addUser(name);
    return saveMockState();
  });
  await writeAll([first, ...burst]);

  expect(fake.puts).toHaveLength(2);
  expect(fake.puts[0].value.db.users.map((user) => user.USER_NAME)).toContain('first');
  expect(fake.puts[0].value.db.users.map((user) => user.USER_NAME)).not.toContain('second');
  expect(fake.puts[1].value.db.users.map((user) => user.USER_NAME)).toEqual(expect.arrayContaining(['first', 'second', 'third', 'fourth']));

  // A reload: the demo plant, then what was saved.
  resetMockDb();
  await restoreMockState();
  expect(getMockDb().users.map((user) => user.USER_NAME)).toEqual(expect.arrayContaining(['first', 'fourth']));
});

it('an answer after the last save has started gets a save of its own', async () => {
  const first = saveMockState();
  await writeAll([first]);
  addUser('later');
  await writeAll([saveMockState()]);
  expect(fake.puts).toHaveLength(2);
  expect(fake.puts[1].value.db.users.map((user) => user.USER_NAME)).toContain('later');
});
