import path from "node:path";
import type { Config } from "../config";
import { createLocalStorage } from "./local-storage";
import type { Storage } from "./storage";

/**
 * Where files are kept: S3 when configured, else DATA_DIR/uploads. The AWS SDK
 * is loaded only when configured: it adds a tenth of a second to every start.
 */
export async function configuredStorage(config: Config): Promise<Storage> {
  if (config.s3)
    return (await import("./s3-storage")).createS3Storage({ ...config.s3, forcePathStyle: true });
  return createLocalStorage(path.join(config.dataDir, "uploads"));
}
