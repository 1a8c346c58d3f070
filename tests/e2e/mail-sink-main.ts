// The browser tests' mail server: the Formue server sends its reset e-mails here over SMTP, and
// a test reads them over HTTP: GET /next?to=<address> answers the next one to it, once it came.
import { createServer } from 'node:http';
import { startMailSink } from '../server/mail-sink';

const SMTP_PORT = Number(process.env.MAIL_SINK_SMTP_PORT);
const HTTP_PORT = Number(process.env.MAIL_SINK_HTTP_PORT);

const sink = await startMailSink(SMTP_PORT);
createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to');
  if (url.pathname === '/next' && to) {
    void sink.next(to).then((mail) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(mail));
    });
    return;
  }
  // /up names the checkout it serves, so the tests never read another run's mail sink.
  if (url.pathname === '/up') response.writeHead(200).end(process.cwd());
  else response.writeHead(404).end();
}).listen(HTTP_PORT, '127.0.0.1');
