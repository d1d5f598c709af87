import { marketTexts } from "@mx/shared/messages";
import { useState } from "react";
import { errorMessage } from "../../../lib/api-client";
import { downloadStatement } from "../api/download-statement";

/** Downloads a year's statement: the year under way while it runs, and why the last download failed, if it did. */
export function useStatementDownload() {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<number | null>(null);

  const download = async (year: number) => {
    setDownloadError(null);
    setDownloading(year);
    try {
      await downloadStatement(year);
    } catch (error) {
      setDownloadError(errorMessage(error, marketTexts.downloadFailed));
    } finally {
      setDownloading(null);
    }
  };

  return { download, downloading, downloadError };
}
