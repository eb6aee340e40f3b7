/**
 * Mock mode keeps its back end's state in the browser (issue 16): a reload, a deep link or a second tab of the
 * same origin finds the session, the users added, the settings saved. The whole mock db goes to IndexedDB
 * (structured clone keeps its Maps, Sets and file bytes as they are) after every mocked answer; a revision
 * number in localStorage, read synchronously before every call, tells a tab that another tab changed it.
 */
import { getMockDb, replaceMockDb, resetMockDb, type MockDb } from './db';

const DATABASE = 'portal-mock-backend';
const STORE = 'state';
const KEY = 'db';
/** Bumped when the db's shape changes: a state saved by an older mock build is dropped, not misread. */
const SHAPE_VERSION = 2;
const REVISION_KEY = 'portal-mock-backend-revision';

interface Saved {
  shape: number;
  revision: string;
  db: MockDb;
}

let loadedRevision: string | null = null;
let saving: Promise<void> = Promise.resolve();
/** A save queued behind the running one and not started yet: it will take the state as it is when it starts. */
let queuedSave: Promise<void> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function inStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode);
      const request = use(transaction.objectStore(STORE));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
  } finally {
    database.close();
  }
}

/** Puts the saved state back, if there is one of this shape. */
async function load(): Promise<void> {
  const saved = (await inStore('readonly', (store) => store.get(KEY))) as Saved | undefined;
  if (saved?.shape === SHAPE_VERSION) replaceMockDb(saved.db);
  loadedRevision = localStorage.getItem(REVISION_KEY);
}

/** At start: the saved state, or the demo plant when there is none. */
export async function restoreMockState(): Promise<void> {
  try {
    await load();
  } catch (error) {
    // Private windows may refuse IndexedDB: mock mode still runs, it only forgets on reload.
    console.warn('mock mode: the saved mock data could not be read; starting from the demo data', error);
  }
}

/** Before a call: another tab changed the state since this tab last read or wrote it. */
export async function followOtherTabs(): Promise<void> {
  if (localStorage.getItem(REVISION_KEY) === loadedRevision) return;
  await saving;
  await load();
}

/**
 * After a mocked answer: the state as it is now, for the next reload and the other tabs. A screen's burst of
 * answers asks for one save each; all but the running one and one queued behind it are the same save (each
 * clones the whole db), so a burst costs two saves, not one per answer, and the last answer's state is saved
 * sooner.
 */
export function saveMockState(): Promise<void> {
  if (queuedSave) return queuedSave;
  queuedSave = saving.then(async () => {
    queuedSave = null;
    const revision = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const saved: Saved = { shape: SHAPE_VERSION, revision, db: getMockDb() };
    try {
      await inStore('readwrite', (store) => store.put(saved, KEY));
      localStorage.setItem(REVISION_KEY, revision);
      loadedRevision = revision;
    } catch (error) {
      console.warn('mock mode: the mock data could not be saved', error);
    }
  });
  saving = queuedSave;
  return saving;
}

/** "Reset mock data": the demo plant again, in this tab and (through the revision) in the others. */
export async function resetMockState(): Promise<void> {
  await saving;
  resetMockDb({ captcha: getMockDb().captchaEnabled });
  await saveMockState();
}
