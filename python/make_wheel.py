#!/usr/bin/env python3
"""Packs the built package (build/python/stratagem) into a wheel, with nothing but the
standard library, so that `pip install --no-index <wheel>` installs it offline. MILA's
package face (build/python/diplomacy, beside it) goes into the same wheel: installed in
place of MILA's `diplomacy`, it makes `import diplomacy` Stratagem's.

Usage: make_wheel.py <package dir> <output dir> <version>
"""

import base64
import hashlib
import sys
import sysconfig
import zipfile
from pathlib import Path


def wheel_tag() -> str:
    """This interpreter's tag, e.g. cp311-cp311-linux_x86_64: the wheel holds a compiled module."""
    version = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{version}-{version}{sys.abiflags}-{platform}"


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"{name},sha256={digest},{len(data)}"


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    package, output, version = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]
    if not (package / "__init__.py").is_file():
        print(f"make_wheel.py: {package} is not the built stratagem package (no __init__.py)", file=sys.stderr)
        return 2
    tag = wheel_tag()
    dist_info = f"stratagem-{version}.dist-info"
    files = {}
    face = package.parent / "diplomacy"
    if not (face / "__init__.py").is_file():
        print(f"make_wheel.py: {face} is not the built diplomacy package (no __init__.py)", file=sys.stderr)
        return 2
    packages = [package, face]
    for top in packages:
        for path in sorted(top.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                files[f"{top.name}/" + path.relative_to(top).as_posix()] = path.read_bytes()
    files[f"{dist_info}/METADATA"] = (
        "Metadata-Version: 2.1\n"
        "Name: stratagem\n"
        f"Version: {version}\n"
        "Summary: Stratagem's Diplomacy and Dragonchess engines from Python\n"
        f"Requires-Python: =={sys.version_info.major}.{sys.version_info.minor}.*\n").encode()
    files[f"{dist_info}/WHEEL"] = (
        "Wheel-Version: 1.0\n"
        "Generator: stratagem make_wheel.py\n"
        "Root-Is-Purelib: false\n"
        f"Tag: {tag}\n").encode()
    files[f"{dist_info}/top_level.txt"] = "".join(f"{top.name}\n" for top in packages).encode()
    record = [record_line(name, data) for name, data in files.items()] + [f"{dist_info}/RECORD,,"]
    files[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()

    output.mkdir(parents=True, exist_ok=True)
    wheel = output / f"stratagem-{version}-{tag}.whl"
    with zipfile.ZipFile(wheel, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    print(wheel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
