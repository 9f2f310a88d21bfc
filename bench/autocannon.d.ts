// The part of autocannon's API the API benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';
  namespace autocannon {
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
    }
    interface Result {
      requests: { average: number };
      errors: number;
      non2xx: number;
    }
    interface Instance extends EventEmitter {
      stop(): void;
    }
  }
  function autocannon(opts: autocannon.Options): autocannon.Instance;
  export default autocannon;
}
