/** Saves a file the page has in hand (an export, a report, a template) in the browser's downloads. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves a value as a JSON file in the browser's downloads. */
export function downloadJson(value: unknown, fileName: string): void {
  downloadBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}

/** A file the server sent inside JSON (e.g. an import's error report) as a Blob to save. */
export function base64Blob(base64: string, type: string): Blob {
  return new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type });
}
