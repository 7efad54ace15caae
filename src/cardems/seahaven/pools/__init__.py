"""Pools of deal codes the solver proved winnable: ``C4.txt``, ``C2.txt``, ``C1.txt``.

Built by ``cardems analyze seahaven --cells N --deals M`` (see ``cardems.seahaven.commands``).
"""
