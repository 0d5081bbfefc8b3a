/** The parts of s3rver (an S3-compatible server in Node, for tests) the S3 store's tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    /** 0: any free port (`run` answers the one taken). */
    port?: number;
    silent?: boolean;
    /** Where the buckets' objects are kept, one file each. */
    directory: string;
    configureBuckets?: Array<{ name: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
