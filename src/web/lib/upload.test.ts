import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api.ts';
import { deleteFailureText } from './documents.ts';
import { formatEta } from './ocr-progress.ts';
import { formatMb, isPdfFile, uploadFailureMessage } from './upload.ts';

describe('upload failure messages (spec §8)', () => {
  it('the server’s message, else its error field', () => {
    expect(uploadFailureMessage(413, 'Payload Too Large', '{"error":"too_large","message":"The file is larger than 123MB."}')).toBe(
      'The file is larger than 123MB.',
    );
    expect(uploadFailureMessage(415, 'Unsupported', '{"error":"Only PDF files"}')).toBe('Only PDF files');
  });
  it('Upload failed ({status}) without a readable body, Upload failed: {statusText} without a status', () => {
    expect(uploadFailureMessage(502, 'Bad Gateway', '<html>proxy</html>')).toBe('Upload failed (502)');
    expect(uploadFailureMessage(0, 'error', '')).toBe('Upload failed: error');
    expect(uploadFailureMessage(409, 'Conflict', '{"error":"conflict"}')).toBe('Upload failed (409)');
  });
});

describe('PDF only (spec §5)', () => {
  it('by type, or by name when the browser gives no type', () => {
    expect(isPdfFile(new File(['%PDF-1.7'], 'brief.pdf', { type: 'application/pdf' }))).toBe(true);
    expect(isPdfFile(new File(['x'], 'brief.pdf', { type: 'text/plain' }))).toBe(false);
    expect(isPdfFile(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(false);
    expect(isPdfFile(new File(['%PDF-1.7'], 'SCAN.PDF'))).toBe(true);
    expect(isPdfFile(new File(['x'], 'scan.docx'))).toBe(false);
  });
});

describe('figures shown', () => {
  it('sizes in MB with two decimals', () => {
    expect(formatMb(54_104)).toBe('0.05 MB');
    expect(formatMb(500 * 1024 * 1024)).toBe('500.00 MB');
    expect(formatMb(1_572_864, 1)).toBe('1.5 MB');
  });
  it('time left', () => {
    expect(formatEta(null)).toBeNull();
    expect(formatEta(44_600)).toBe('45 s');
    expect(formatEta(200_000)).toBe('3 min 20 s');
    expect(formatEta(2 * 3600_000 + 5 * 60_000)).toBe('2 h 5 min');
  });
  it('delete failure names the status, or ERR when the request never got an answer', () => {
    expect(deleteFailureText(new ApiRequestError(500, '', 'Server Error'))).toBe('Delete failed (500). Please retry.');
    expect(deleteFailureText(new TypeError('Failed to fetch'))).toBe('Delete failed (ERR). Please retry.');
  });
});
