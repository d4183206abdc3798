import { connect } from 'node:net';

/** How a hand-driven request ends: the client vanishes, half-closes, or sends a short but complete body. */
export type Ending = 'destroy' | 'halfClose' | 'shortBody';

/**
 * Sends a POST over a raw socket, cut after `cut` bytes of `body`. 'destroy' resets the socket
 * (a cancelled upload), 'halfClose' ends it while the declared length is still owed (a truncated
 * body), 'shortBody' declares only `cut` bytes (a complete request whose multipart is cut short).
 * Resolves with the status line the server sent, if any.
 */
export function cutRequest(url: string, path: string, headers: Record<string, string>, body: Buffer, cut: number, ending: Ending): Promise<string | undefined> {
  const { hostname, port } = new URL(url);
  const sendHeaders = { ...headers, host: `${hostname}:${port}`, connection: 'close', 'content-length': String(ending === 'shortBody' ? cut : body.length) };
  const head = `POST ${path} HTTP/1.1\r\n${Object.entries(sendHeaders).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
    });
    socket.on('error', () => resolve(answer.split('\r\n')[0] || undefined));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || undefined));
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body.subarray(0, cut), () => {
        if (ending === 'destroy') setTimeout(() => socket.destroy(), 5);
        else if (ending === 'halfClose') socket.end();
      });
    });
  });
}

/** Starts a GET, reads `bytes` of the answer, then drops the connection. */
export function abandonDownload(url: string, path: string, cookie: string, bytes: number): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let got = 0;
    socket.on('data', (d: Buffer) => {
      got += d.length;
      if (got >= bytes) socket.destroy();
    });
    socket.on('error', () => resolve(got));
    socket.on('close', () => resolve(got));
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncookie: ${cookie}\r\nconnection: close\r\n\r\n`));
  });
}
