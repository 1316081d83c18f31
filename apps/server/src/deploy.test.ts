import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const deploy = (file: string) => fs.readFileSync(path.join(root, 'deploy', file), 'utf8');
const has = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command} || test -x /usr/sbin/${command}`]).status === 0;

/** `KEY=value` lines, as systemd's EnvironmentFile reads them. */
function environmentFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .map((line) => /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => [match[1], (match[2] as string).trim().replace(/^"(.*)"$/, '$1')]),
  );
}

describe('the production files in deploy/', () => {
  const unit = deploy('systemd/kram@.service');

  it('the example environment, with what the unit adds, is a configuration production accepts', () => {
    const env = {
      ...environmentFile(deploy('kram.env.example')),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '3001',
    };
    const config = loadConfig(env);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toMatch(/^postgres:/);
    expect(config.redisUrl).toMatch(/^redis:/);
    expect(config.shutdownDrainMs).toBe(5000);
    // Without the two it refuses, as the README says.
    expect(() => loadConfig({ ...env, JWT_SECRET: '', PUBLIC_URL: '' })).toThrow(/JWT_SECRET.*\n.*PUBLIC_URL/s);
  });

  it('the unit starts the server as `npm run start:prod` does, and stops it gently and in time', () => {
    const scripts = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')).scripts;
    const exec = /^ExecStart=\S+\/node (.*)$/m.exec(unit)?.[1];
    // The script runs in apps/server; the unit in the repository's root.
    expect(scripts['start:prod']).toContain(`node ${exec?.replace('apps/server/', '')}`);
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
    expect(unit).toMatch(/^Environment=PORT=%i$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    // Drain (5 s in the example), 3 s grace and the 10 s limit fit before systemd's SIGKILL.
    const stopSeconds = Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)?.[1]);
    expect(stopSeconds).toBeGreaterThanOrEqual(5 + 3 + 10);
  });

  it.runIf(has('systemd-analyze'))('the unit passes systemd-analyze verify', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-unit-'));
    const local = unit
      .replace(/^ExecStart=\S+\/node /m, `ExecStart=${process.execPath} `)
      .replace(/^WorkingDirectory=.*$/m, `WorkingDirectory=${root}`)
      .replace(/^EnvironmentFile=.*$/m, `EnvironmentFile=${path.join(root, 'deploy/kram.env.example')}`);
    fs.writeFileSync(path.join(dir, 'kram@3001.service'), local);
    const result = spawnSync('systemd-analyze', ['verify', path.join(dir, 'kram@3001.service')], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    // Unknown keys and misplaced settings are warnings on stderr, not failures.
    expect(result.stderr.split('\n').filter((line) => line.includes('kram@3001'))).toEqual([]);
  });

  it.runIf(has('logrotate'))('log rotation reads its file and rotates the logs it names', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kram-logrotate-'));
    fs.mkdirSync(path.join(dir, 'logs'));
    fs.writeFileSync(path.join(dir, 'logs', 'nginx-access.log'), 'GET / 200\n');
    // The file as shipped, pointed at a folder of this test's, with its signal to nginx left out.
    const config = deploy('logrotate/kram')
      .replace('/var/log/kram/', `${dir}/logs/`)
      .replace(/\n\s*create .*\n/, '\n')
      .replace(/postrotate[\s\S]*endscript/, '');
    fs.writeFileSync(path.join(dir, 'kram'), config);
    const result = spawnSync('logrotate', ['--force', '--state', path.join(dir, 'state'), path.join(dir, 'kram')], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(fs.readdirSync(path.join(dir, 'logs')).sort()).toEqual(['nginx-access.log.1']);
  });

  it('nginx sends traffic to kram with what it needs: forwarded address, request id, retries of the next process', () => {
    const site = deploy('nginx/kram.conf');
    for (const directive of [
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'proxy_set_header X-Request-Id $request_id;',
      'proxy_next_upstream error timeout http_502 http_503;',
      'client_max_body_size 16m;',
    ]) {
      expect(site).toContain(directive);
    }
    // nginx must never send an order twice on its own: that is the Idempotency-Key's job.
    expect(site).not.toContain('non_idempotent');
  });
});
