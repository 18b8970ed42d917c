/** Where photo bytes live. Local disk by default; an S3-compatible bucket can implement the same. */
export interface ObjectStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
