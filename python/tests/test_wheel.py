"""The built package packs into a wheel that pip installs offline into a virtual environment."""

import os
import subprocess
import sys
import venv
from pathlib import Path

import stratagem

SOURCE = Path(__file__).resolve().parents[1]


def test_wheel_installs_offline_into_a_venv(tmp_path):
    package = Path(stratagem.__file__).resolve().parent
    version = os.environ.get("STRATAGEM_VERSION", stratagem.__version__)
    made = subprocess.run(
        [sys.executable, str(SOURCE / "make_wheel.py"), str(package), str(tmp_path / "dist"), version],
        capture_output=True, text=True, check=True)
    wheel = Path(made.stdout.strip())
    python_tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
    assert wheel.name.startswith(f"stratagem-{version}-{python_tag}-{python_tag}-") and wheel.suffix == ".whl"
    venv.create(tmp_path / "venv", with_pip=True)
    python = tmp_path / "venv" / "bin" / "python"
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    subprocess.run([str(python), "-m", "pip", "install", "--no-index", "--quiet", str(wheel)],
                   check=True, env=environment, timeout=300)
    check = subprocess.run(
        [str(python), "-c", "import stratagem, stratagem.diplomacy as d; g = d.Game(); g.process();"
                            "import diplomacy; m = diplomacy.Game(); m.process();"
                            "print(stratagem.__file__, g.get_current_phase(), diplomacy.__file__, m.get_current_phase())"],
        capture_output=True, text=True, check=True, env=environment, cwd=tmp_path)
    installed, phase, face, face_phase = check.stdout.split()
    assert phase == "F1901M" and face_phase == "F1901M"
    assert Path(installed).is_relative_to(tmp_path / "venv")
    # MILA's package name is ours in the venv: `import diplomacy` needs no PYTHONPATH.
    assert Path(face).is_relative_to(tmp_path / "venv")
