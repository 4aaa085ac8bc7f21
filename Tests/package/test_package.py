"""The Debian package and the tarball, made by scripts/package and used as a user would: the
package is checked with lintian, installed with dpkg -i, renders the bundled example from another
folder with a PATH that holds no Swift toolchain, has its manual pages and completions where man and
the shells look, and is removed with dpkg -r, leaving nothing behind. The tarball installs with
scripts/install --binary.

scripts/package builds the release binary (minutes the first time, then only what changed).
Installing needs root, or sudo without a password; scripts/test installs the Debian packages used
here (dpkg-dev, lintian, man-db, bash-completion, zsh, fish). Run alone, from the repository root:
`python -m pytest -q Tests/package`."""
from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 25 * 1000 * 1000  # the .deb's largest size, in bytes


def run(command: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("dist")
    done = run([str(ROOT / "scripts" / "package"), "--out", str(out)], timeout=3600)
    assert done.returncode == 0, done.stderr
    deb = Path(done.stdout.strip().splitlines()[-1])
    match = re.fullmatch(r"chatrender_(.+)_(.+)\.deb", deb.name)
    assert match, deb.name
    version, arch = match.groups()
    return {"deb": deb, "version": version, "arch": arch, "out": out}


@pytest.fixture(scope="module")
def sudo() -> list[str]:
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo") and run(["sudo", "-n", "true"]).returncode == 0:
        return ["sudo", "-n"]
    pytest.skip("installing the package needs root or sudo without a password (CI runs as root)")


def head_commit() -> str | None:
    git = run(["git", "-C", str(ROOT), "-c", f"safe.directory={ROOT}", "rev-parse", "--short", "HEAD"])
    return git.stdout.strip() if git.returncode == 0 else None


def status(package: str) -> str:
    """dpkg's status of a package: "installed", or "not-installed" when dpkg keeps nothing of it."""
    query = run(["dpkg-query", "-W", "-f=${db:Status-Status}", package])
    return query.stdout.strip() if query.returncode == 0 else "not-installed"


def test_the_files_beside_the_package(built):
    deb, version, arch, out = built["deb"], built["version"], built["arch"], built["out"]
    assert deb.parent == out
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [deb.name, f"chatrender-{version}-linux-{arch}.tar.gz", f"chatrender_{version}_{arch}.debug"])
    assert deb.stat().st_size <= LIMIT, f"{deb.name} is {deb.stat().st_size} bytes, over {LIMIT}"
    assert version == run([str(ROOT / ".build" / "release" / "chatrender"), "--version"]).stdout.split()[1]

    fields = {name: run(["dpkg-deb", "-f", str(deb), name]).stdout.strip() for name in
              ["Package", "Version", "Architecture", "Depends", "Recommends", "Maintainer"]}
    assert fields["Package"] == "chatrender" and fields["Version"] == version and fields["Architecture"] == arch
    # Depends is read from the binary: the C and C++ runtimes and the libraries it links, and
    # nothing of the Swift toolchain (its runtime is linked in).
    depends = [d.split()[0] for d in fields["Depends"].split(", ")]
    for library in ["libc6", "libstdc++6", "zlib1g", "libsqlite3-0"]:
        assert library in depends, fields["Depends"]
    assert any(d.startswith("libcmark-gfm") for d in depends), fields["Depends"]
    assert not any("swift" in d or "vips" in d for d in depends), fields["Depends"]
    recommends = fields["Recommends"].split(", ")
    assert "chromium" in recommends and any(r.startswith("libvips") for r in recommends), fields["Recommends"]

    # The binary is stripped; its symbols are in the .debug file it links to.
    contents = subprocess.run(["dpkg-deb", "--fsys-tarfile", str(deb)], capture_output=True, check=True)
    binary = out / "binary"
    with tarfile.open(fileobj=io.BytesIO(contents.stdout)) as tar:
        binary.write_bytes(tar.extractfile("./usr/bin/chatrender").read())
    sections = run(["readelf", "-S", "-W", str(binary)]).stdout
    assert ".symtab" not in sections and ".debug_info" not in sections and ".gnu_debuglink" in sections
    assert ".debug_info" in run(["readelf", "-S", "-W", str(out / f"chatrender_{version}_{arch}.debug")]).stdout
    binary.unlink()


def test_lintian_finds_no_error(built):
    check = run(["lintian", "--fail-on", "error", "--tag-display-limit", "0", str(built["deb"])], timeout=900)
    assert check.returncode == 0, check.stdout + check.stderr
    assert not [line for line in check.stdout.splitlines() if line.startswith("E: ")], check.stdout


def test_installed_it_renders_has_manual_pages_and_completions_and_leaves_nothing(built, sudo, tmp_path):
    deb, version = built["deb"], built["version"]
    assert status("chatrender") == "not-installed", \
        "chatrender is installed on this machine; this test installs and removes it, so remove it first"
    # A container may keep dpkg from unpacking manual pages (path-exclude); this package's are let in.
    install = run(sudo + ["dpkg", "--path-include=/usr/share/man/man1/chatrender*", "-i", str(deb)])
    assert install.returncode == 0, install.stdout + install.stderr
    try:
        files = [Path(line) for line in run(["dpkg", "-L", "chatrender"]).stdout.splitlines() if line.strip()]
        assert Path("/usr/bin/chatrender") in files
        assert Path("/usr/share/chatrender/themes/sp.resolver.json") in files

        # From another folder, with a PATH that holds only chatrender: no Swift toolchain, no repository.
        bin_dir = tmp_path / "bin"
        bin_dir.mkdir()
        (bin_dir / "chatrender").symlink_to("/usr/bin/chatrender")
        env = {"PATH": str(bin_dir), "HOME": str(tmp_path), "LANG": "C.UTF-8", "XDG_CACHE_HOME": str(tmp_path / "cache")}
        assert shutil.which("swift", path=env["PATH"]) is None
        work = tmp_path / "work"
        work.mkdir()
        version_line = run(["chatrender", "--version"], cwd=work, env=env)
        commit = head_commit()
        assert version_line.stdout == f"chatrender {version}" + (f" (commit {commit})" if commit else "") + "\n"
        garden = ROOT / "examples" / "garden" / "conversation.json"
        rendered = run(["chatrender", "render", str(garden), "--out", "garden"], cwd=work, env=env, timeout=300)
        assert rendered.returncode == 0, rendered.stderr
        assert rendered.stderr.startswith("wrote garden/index.html ("), rendered.stderr
        page = (work / "garden" / "index.html").read_text(encoding="utf-8")
        assert f'<meta name="generator" content="chatrender {version}">' in page
        assert len(list((work / "garden" / "assets").glob("*.webp"))) == 18

        # man finds the pages, the overview's and each command's.
        for name in ["chatrender", "chatrender-render", "chatrender-theme-check"]:
            where = run(["man", "-w", name])
            assert where.returncode == 0, where.stderr
            assert where.stdout.strip() == f"/usr/share/man/man1/{name}.1.gz"
        page = run(["man", "chatrender-render"], env={**env, "PATH": "/usr/bin:/bin", "MANWIDTH": "100"}).stdout
        assert re.search(r"chatrender-render\s+-\s+render a conversation", page), page

        # bash-completion loads the completion from where the package put it, on first use.
        bash = run(["bash", "-c", """
            source /usr/share/bash-completion/bash_completion
            complete -p chatrender >/dev/null 2>&1 && { echo "loaded before it was asked for"; exit 1; }
            __load_completion chatrender || exit 1
            COMP_WORDS=(chatrender render --fr); COMP_CWORD=2; COMP_LINE="chatrender render --fr"; COMP_POINT=${#COMP_LINE}
            function=$(complete -p chatrender | sed -E 's/.* -F ([^ ]+) .*/\\1/')
            "$function" chatrender --fr render
            printf '%s\\n' "${COMPREPLY[@]}"
            """], cwd=work)
        assert bash.stdout == "--from\n", bash.stdout + bash.stderr
        # fish and zsh find theirs too.
        # (fish's own configuration sets where it looks, so it runs with it, in an empty home.)
        fish = run(["fish", "-c", "complete -C 'chatrender render --fr'"], cwd=work,
                   env={**env, "PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": str(tmp_path / "config")})
        assert fish.stdout.split("\t")[0] == "--from", fish.stdout + fish.stderr
        zsh = run(["zsh", "-c", "print -l $fpath"])
        assert "/usr/share/zsh/vendor-completions" in zsh.stdout.split()
        assert Path("/usr/share/zsh/vendor-completions/_chatrender").is_file()
    finally:
        remove = run(sudo + ["dpkg", "-r", "chatrender"])
    assert remove.returncode == 0, remove.stdout + remove.stderr
    assert status("chatrender") == "not-installed"
    left = [str(f) for f in files if f.exists() and not f.is_dir()]
    assert left == [], f"left behind: {left}"
    for folder in ["/usr/share/chatrender", "/usr/share/doc/chatrender"]:
        assert not Path(folder).exists(), f"left behind: {folder}"


def test_the_tarball_installs_with_scripts_install(built, tmp_path):
    version, arch = built["version"], built["arch"]
    name = f"chatrender-{version}-linux-{arch}"
    with tarfile.open(built["out"] / f"{name}.tar.gz") as tar:
        members = tar.getnames()
        tar.extractall(tmp_path)
    unpacked = tmp_path / name
    for path in ["bin/chatrender", "share/chatrender/themes/sp.resolver.json", "share/chatrender/templates/page.html",
                 "share/man/man1/chatrender.1.gz", "share/man/man1/chatrender-render.1.gz",
                 "share/bash-completion/completions/chatrender", "share/zsh/site-functions/_chatrender",
                 "share/fish/vendor_completions.d/chatrender.fish"]:
        assert f"{name}/{path}" in members, path
    # Marked as the tarball's own data, so the install is seen to take it rather than the checkout's.
    (unpacked / "share/chatrender/themes/from-the-tarball.tokens.json").write_text("{}")
    prefix = tmp_path / "prefix"
    done = run([str(ROOT / "scripts" / "install"), "--prefix", str(prefix), "--binary", str(unpacked / "bin/chatrender")])
    assert done.returncode == 0, done.stderr
    assert (prefix / "share/chatrender/themes/from-the-tarball.tokens.json").exists()
    assert (prefix / "share/man/man1/chatrender-render.1.gz").exists()
    assert (prefix / "share/bash-completion/completions/chatrender").exists()
    # The tarball unpacked into a prefix works as it is too: the binary finds share/chatrender.
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    rendered = run([str(unpacked / "bin/chatrender"), "render", "-", "--out", "page", "--quiet"], cwd=tmp_path, env=env,
                   input='{"title": "Unpacked", "messages": []}')
    assert rendered.returncode == 0, rendered.stderr
    assert (tmp_path / "page" / "index.html").exists()
