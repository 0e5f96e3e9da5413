#!/usr/bin/env bash
# Debian packages and services the tests use: tmux (the terminal edition played in a real
# terminal, its scrollback read back), chromium (browser tests driven by
# Playwright, which cannot download a browser here), postgresql and redis-server (the tests run
# against real servers on loopback; they fail, naming the service, when one is missing).
#
# Idempotent: installs only what is missing, starts PostgreSQL and Redis only when they do not
# answer, and lets user postgres in from 127.0.0.1 without a password (database "test"), as
# tests/test_web_pg.py expects. Needs root (CI and the development machines run as root).
set -euo pipefail

missing=()
for pkg in chromium postgresql redis-server fonts-noto-cjk tmux; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# PostgreSQL: start the cluster if it does not answer on 127.0.0.1:5432.
if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 1 50); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.2; done
fi
# Password-less local access for user postgres over TCP (test machines only).
if ! psql -h 127.0.0.1 -U postgres -d postgres -w -tAc 'SELECT 1' >/dev/null 2>&1; then
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    hba="/etc/postgresql/$version/main/pg_hba.conf"
    sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
    pg_ctlcluster --skip-systemctl-redirect "$version" main reload
    sleep 1
fi
if [ "$(psql -h 127.0.0.1 -U postgres -d postgres -w -tAc \
        "SELECT 1 FROM pg_database WHERE datname = 'test'")" != "1" ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -w -c 'CREATE DATABASE test' >/dev/null
fi

# Redis: start it if it does not answer on 127.0.0.1:6379 (nothing kept on disk).
if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
    mkdir -p /var/lib/redis /var/log/redis
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
        --dir /var/lib/redis --logfile /var/log/redis/ci.log
    for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.2; done
fi
echo "system packages: chromium, postgresql (127.0.0.1:5432), redis (127.0.0.1:6379) ready"
