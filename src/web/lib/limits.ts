import { useAuthConfig } from './auth.ts';

/** The configured upload limit and retention period, as text for the help and legal pages. */
export function useLimits(): { uploadLimit: string; retention: string } {
  const config = useAuthConfig();
  if (!config.data) return { uploadLimit: '…', retention: '…' };
  const days = config.data.retentionDays;
  return { uploadLimit: `${config.data.maxUploadMb}MB`, retention: `${days} ${days === 1 ? 'day' : 'days'}` };
}
