import { useAuthConfig } from './auth.ts';

const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** The configured upload limit, retention period and Trash period, as text for the help and legal pages. */
export function useLimits(): { uploadLimit: string; retention: string; trash: string } {
  const config = useAuthConfig();
  if (!config.data) return { uploadLimit: '…', retention: '…', trash: '…' };
  return {
    uploadLimit: `${config.data.maxUploadMb}MB`,
    retention: dayCount(config.data.retentionDays),
    trash: dayCount(config.data.trashDays ?? 14),
  };
}
