/**
 * Uploads as the browser sends them, for tests of the mocks through the portal's fetchers. jsdom's FormData
 * reaches Node's fetch as text, so while a test file uploads, FormData is Node's own (taken from a Response,
 * the only public way to it) and a file is Node's File: the fetchers then send a real multipart form.
 */
import { File as NodeFile } from 'node:buffer';
import { afterAll, beforeAll } from 'vitest';

/** Call at a test file's top level: its tests upload with Node's FormData, jsdom's is put back after them. */
export function useNodeFormData() {
  let jsdomFormData: typeof FormData;
  beforeAll(async () => {
    jsdomFormData = globalThis.FormData;
    globalThis.FormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
  });
  afterAll(() => {
    globalThis.FormData = jsdomFormData;
  });
}

/** A file as Node's File (one jsdom's FormData cannot send), typed as the browser's for the fetchers. */
export const nodeFile = (bytes: Uint8Array, name: string, type: string) => new NodeFile([bytes], name, { type }) as unknown as File;
