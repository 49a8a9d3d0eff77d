"""The observation layout, kept in :mod:`monolith.core.layout` so each game's encoder (in its
own folder) can use it; here for learning code that imports it from ``monolith.rl``."""

from monolith.core.layout import Channel, Encoder, Layout, Mask, Tensor

__all__ = ["Channel", "Encoder", "Layout", "Mask", "Tensor"]
