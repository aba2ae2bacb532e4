/**
 * A PUT of a file's bytes to a signed storage URL (photos, the seller's logo): the headers the URL was
 * signed with go along (the browser adds Content-Length from the body), and XMLHttpRequest reports how
 * many bytes went, which fetch cannot.
 */

/** The request never got an answer: the network (or the storage host) could not be reached. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor() {
    super('Network error');
  }
}

/** PUTs a body to a signed URL, reporting progress; resolves on 2xx, rejects otherwise. */
export type PutFile = (
  url: string,
  headers: Record<string, string>,
  body: Blob,
  onProgress: (loaded: number) => void,
) => Promise<void>;

export const xhrPut: PutFile = (url, headers, body, onProgress) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`HTTP ${xhr.status}`));
    xhr.onerror = () => reject(new NetworkError());
    xhr.send(body);
  });
