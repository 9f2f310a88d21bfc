import { Bug } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { matchPath, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ISSUE_TEXT_MAX, SCREENSHOT_MAX_BYTES, SUPPORT_RESPONSE_HOURS, type RecentDocs } from '../../contract/status.ts';
import { errorReason } from '../lib/api.ts';
import { useAuth } from '../lib/auth.ts';
import { useReportIssue } from '../lib/status.ts';
import { Button } from './ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from './ui/dialog.tsx';
import { Label } from './ui/label.tsx';

const DOCUMENT_CHOICES = 100;
const field =
  'w-full rounded-md border border-input bg-card px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The document the person is looking at, when the path names one (the review screen). */
function documentInPath(pathname: string): string {
  return matchPath('/cases/:caseId/review/:docId', pathname)?.params.docId ?? '';
}

/**
 * 'Report an Issue': what happened and, optionally, which document; sent with the page the person is on
 * and stored for the people who run the deployment (listed on /status).
 */
export function ReportIssueDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { pathname } = useLocation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="left-1/2 top-1/2 max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6">
        {open ? <ReportIssueForm key={pathname} pathname={pathname} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReportIssueForm({ pathname, onDone }: { pathname: string; onDone: () => void }) {
  const [text, setText] = useState('');
  const [documentId, setDocumentId] = useState(() => documentInPath(pathname));
  const [screenshot, setScreenshot] = useState<{ name: string; dataUrl: string } | null>(null);
  const [screenshotError, setScreenshotError] = useState('');
  const pickScreenshot = (file: File | undefined) => {
    setScreenshot(null);
    setScreenshotError('');
    if (!file) return;
    if (!/^image\/(png|jpeg)$/.test(file.type)) return setScreenshotError('A screenshot must be a PNG or JPEG image');
    if (file.size > SCREENSHOT_MAX_BYTES) return setScreenshotError(`A screenshot must be under ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB`);
    const reader = new FileReader();
    reader.onload = () => setScreenshot({ name: file.name, dataUrl: String(reader.result) });
    reader.readAsDataURL(file);
  };
  const docs = useQuery<RecentDocs>({ queryKey: [`/api/status/recent-docs?limit=${DOCUMENT_CHOICES}`], staleTime: 0 });
  const report = useReportIssue();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    report.mutate({ text: text.trim(), documentId: documentId || null, page: pathname, screenshot: screenshot?.dataUrl ?? null }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Report an Issue">
      <div>
        <DialogTitle>Report an Issue</DialogTitle>
        <DialogDescription className="mt-1">
          Tell us what went wrong. Non-critical issues get a response within {SUPPORT_RESPONSE_HOURS} hours.
        </DialogDescription>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="issue-text">What happened?</Label>
        <textarea
          id="issue-text"
          rows={5}
          required
          maxLength={ISSUE_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="What you did, what you expected, and what happened instead"
          className={field}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="issue-document">Which document (optional)</Label>
        <select id="issue-document" value={documentId} onChange={(e) => setDocumentId(e.target.value)} className={`${field} h-10`}>
          <option value="">None / not about one document</option>
          {docs.data?.items.map((d) => (
            <option key={d.id} value={d.id}>
              {d.title}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="issue-screenshot">Screenshot of the page (optional)</Label>
        <input
          id="issue-screenshot"
          type="file"
          accept="image/png,image/jpeg"
          onChange={(e) => pickScreenshot(e.target.files?.[0])}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-card file:px-3 file:py-1.5"
        />
        {screenshotError ? (
          <p role="alert" className="text-sm text-destructive">
            {screenshotError}
          </p>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">
        The page you are on ({pathname}) is sent with your report.
      </p>
      {report.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorReason(report.error)}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!text.trim() || report.isPending}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}

/** The 'Report an Issue' button of error screens; signed-in people only (reports need an account). */
export function ReportIssueButton({ className }: { className?: string }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button variant="outline" className={className} onClick={() => setOpen(true)}>
        <Bug aria-hidden />
        Report an Issue
      </Button>
      <ReportIssueDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
