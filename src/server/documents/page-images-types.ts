// Messages between the server and its page-image worker thread (see page-images.worker.ts).

export interface PageImageRequest {
  id: number;
  /** 'release' closes every document the worker holds (sent when idle; no reply). */
  op: 'render' | 'info' | 'release';
  /** Absolute path of the PDF, built by the server from database ids. */
  path: string;
  /** Changes whenever the file does, so a document kept open is never a stale one. */
  stamp: string;
  page: number;
  /** Width of the image in pixels (render only). */
  width: number;
}

export interface PageInfo {
  pageCount: number;
  /** Page size in PDF points, as shown (rotation applied). */
  width: number;
  height: number;
}

export interface PageImageReply {
  id: number;
  info?: PageInfo;
  png?: Uint8Array;
  error?: { code: string; message: string };
}
