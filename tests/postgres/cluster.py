"""A throwaway PostgreSQL cluster for the tests: `initdb` + `pg_ctl` in a temporary folder.

The server listens on a Unix socket in that folder only (no TCP port, so parallel test sessions and
other servers on the machine never collide), trusts local connections (no password to keep) and runs
without fsync (a test cluster is thrown away, durability buys nothing). PostgreSQL refuses to run as
root: as root, the folder is given to the `postgres` user and the binaries run through `runuser`.

Each pytest process gets its own cluster (with pytest-xdist: one per worker), made once per session;
each test gets its own database in it (`new_database`), so tests stay independent.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from dataclasses import dataclass
from pathlib import Path

SUPERUSER = "elotui"  # the cluster's superuser, made by initdb; trusted on the socket


class NoServer(Exception):
    """No PostgreSQL server can start here; `str()` says why (the tests are skipped with it)."""


def _binaries() -> Path:
    """The folder of `initdb` and `pg_ctl`: on PATH, else Debian's /usr/lib/postgresql/N/bin."""
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version_key)
    if not found:
        raise NoServer("PostgreSQL is not installed (no initdb on PATH or in /usr/lib/postgresql)")
    return Path(found[-1]).parent


def _version_key(initdb: str) -> int:
    version = Path(initdb).parent.parent.name
    return int(version) if version.isdigit() else 0


@dataclass
class Cluster:
    folder: Path  # holds data/, the log and the socket
    binaries: Path
    as_user: str | None  # run the server binaries as this user (we are root), else as ourselves

    @property
    def socket_folder(self) -> str:
        return str(self.folder)

    def url(self, database: str, user: str = SUPERUSER) -> str:
        """The `postgresql://` URL elotui takes for `database` on this cluster (socket, no password)."""
        return f"postgresql://{user}@/{database}?host={self.folder}"

    def admin(self, sql: str, database: str = "postgres") -> None:
        """Run `sql` (one or more statements) as the superuser in `database`, in autocommit."""
        import psycopg

        with psycopg.connect(
            host=self.socket_folder, user=SUPERUSER, dbname=database, autocommit=True
        ) as admin:
            admin.execute(sql.encode())  # without parameters, several statements may go at once

    def _command(self, program: str, *args: str) -> list[str]:
        command = [str(self.binaries / program), *args]
        if self.as_user is not None:
            command = ["runuser", "-u", self.as_user, "--", *command]
        return command

    def _run(self, program: str, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            self._command(program, *args), capture_output=True, text=True, check=False
        )

    def start(self) -> None:
        data = str(self.folder / "data")
        made = self._run("initdb", "-D", data, "-A", "trust", "-U", SUPERUSER, "--no-sync")
        if made.returncode != 0:
            raise NoServer(f"initdb failed: {_last_line(made)}")
        self.resume()

    def resume(self) -> None:
        """Start the server on the cluster made by `start` (again, after `halt`)."""
        data = str(self.folder / "data")
        options = f"-k {self.folder} -c listen_addresses='' -c fsync=off -c max_connections=50"
        started = self._run(
            "pg_ctl", "-D", data, "-o", options, "-w", "-l", str(self.folder / "log"), "start"
        )
        if started.returncode != 0:
            log = (
                (self.folder / "log").read_text(errors="replace")
                if (self.folder / "log").exists()
                else ""
            )
            raise NoServer(f"the server did not start: {_last_line(started)} {log[-300:]}")

    def running(self) -> bool:
        """Whether the server is up (`pg_ctl status`)."""
        return self._run("pg_ctl", "-D", str(self.folder / "data"), "status").returncode == 0

    def halt(self) -> None:
        """Stop the server at once, as a crash or a power cut would (its data stays: `resume`)."""
        subprocess.run(self.halt_command(), capture_output=True, check=False)

    def halt_command(self) -> list[str]:
        """The command line of `halt`, for another process to run."""
        return self._command("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")

    def stop(self) -> None:
        self.halt()
        shutil.rmtree(self.folder, ignore_errors=True)

    def new_database(self, template: str | None = None) -> str:
        """Create a database with a fresh name, empty or a copy of the database `template` (which
        nobody may be connected to); its `postgresql://` URL."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        copy = f' TEMPLATE "{template}"' if template else ""
        self.admin(f'CREATE DATABASE "{name}"{copy}')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        from sqlalchemy import make_url

        self.admin(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')


def _last_line(result: subprocess.CompletedProcess[str]) -> str:
    text = (result.stderr or result.stdout).strip()
    return text.splitlines()[-1] if text else f"exit code {result.returncode}"


def start_cluster() -> Cluster:
    """A running throwaway cluster, or `NoServer` saying why none can start."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise NoServer(
            "psycopg is not installed (uv sync installs it with the dev group)"
        ) from None
    binaries = _binaries()
    as_user: str | None = None
    folder = Path(tempfile.mkdtemp(prefix="elotui-pg-"))
    if os.geteuid() == 0:
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            raise NoServer(
                "running as root and there is no 'postgres' user to run the server"
            ) from None
        os.chown(folder, owner.pw_uid, owner.pw_gid)
        as_user = "postgres"
    cluster = Cluster(folder, binaries, as_user)
    try:
        cluster.start()
    except BaseException:
        cluster.stop()
        raise
    return cluster
