// What the connection limits and body deadlines did since start-up, for /api/ready: a flood shows as
// numbers that grow, not as one log line per refused or cut request.
export class TrafficCounters {
  /** Connections open now (admitted under the limits). */
  open = 0;
  /** Connections answered 503 or closed at once because a limit was reached. */
  refused = 0;
  /** Request bodies cut because they stalled or took longer than their deadline (408). */
  bodyTimeouts = 0;
  /** Requests whose client went away before the answer was sent. */
  aborted = 0;

  snapshot(): { open: number; refused: number; bodyTimeouts: number; aborted: number } {
    return { open: this.open, refused: this.refused, bodyTimeouts: this.bodyTimeouts, aborted: this.aborted };
  }
}
