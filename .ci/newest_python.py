"""Print the newest Python above 3.11 on this machine (PATH or pyenv), or nothing."""

import glob
import os
import re
import shutil
import subprocess

candidates = {shutil.which(f"python3.{minor}") for minor in range(12, 20)}
candidates |= set(glob.glob(os.path.expanduser("~/.pyenv/versions/3.*/bin/python3")))
found = []
for path in filter(None, candidates):
    answer = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
    version = re.fullmatch(r"Python (\d+)\.(\d+)\.(\d+)\s*", answer)
    if version and (int(version[1]), int(version[2])) >= (3, 12):
        found.append((tuple(map(int, version.groups())), path))
print(max(found)[1] if found else "")
