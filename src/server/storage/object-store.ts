/** Where photo bytes live: local disk by default, or an S3-compatible bucket. */
export interface ObjectStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such object; over `maxBytes` (when given) a 413 without reading further. */
  get(key: string, maxBytes?: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The object's size in bytes without reading it (HeadObject), or null when there is none. */
  size?(key: string): Promise<number | null>;
  /**
   * Stores that browsers can upload to directly (S3) give a presigned PUT URL; the server then
   * processes the raw upload when it is registered. Without it, uploads come through the server.
   */
  presignUpload?(key: string, expiresInSeconds: number, contentLength: number): Promise<string>;
  /** The origin browsers upload to, when it is not this server (for the CSP). */
  readonly uploadOrigin?: string;
}
