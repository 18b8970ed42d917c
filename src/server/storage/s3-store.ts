import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { payloadTooLarge } from '#server/errors';
import type { S3StoreConfig } from '#server/config';
import type { ObjectStore } from './object-store';

/** Objects in any S3-compatible bucket. Browsers upload straight to it with presigned PUT URLs. */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;

  constructor(private readonly config: S3StoreConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Plain requests that every S3-compatible server understands (no aws-chunked checksum trailers).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** The origin browsers PUT to, for the Content-Security-Policy's connect-src. */
  get uploadOrigin(): string | undefined {
    return this.config.endpoint ? new URL(this.config.endpoint).origin : `https://${this.config.bucket}.s3.${this.config.region}.amazonaws.com`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: data, ContentType: contentType }));
  }

  async get(key: string, maxBytes?: number): Promise<Buffer | null> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      if (!result.Body) return null;
      if (maxBytes === undefined) return Buffer.from(await result.Body.transformToByteArray());
      // A byte cap: the object may have been replaced by a bigger one after HeadObject (finding 4).
      const chunks: Uint8Array[] = [];
      let total = 0;
      for await (const chunk of result.Body as AsyncIterable<Uint8Array>) {
        total += chunk.length;
        if (total > maxBytes) {
          (result.Body as { destroy?: () => void }).destroy?.();
          throw payloadTooLarge('object-too-large', `The object is larger than ${maxBytes} bytes`);
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const result = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return result.ContentLength ?? null;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /**
   * A URL the browser can PUT one object of exactly `contentLength` bytes to, until it expires. The length is
   * signed (X-Amz-SignedHeaders has content-length), so the bucket refuses any other size: without it a
   * 300 MB PUT succeeded, twice on one URL (security review finding 4).
   */
  presignUpload(key: string, expiresInSeconds: number, contentLength: number): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.config.bucket, Key: key, ContentLength: contentLength }), {
      expiresIn: expiresInSeconds,
      signableHeaders: new Set(['content-length']),
    });
  }
}
