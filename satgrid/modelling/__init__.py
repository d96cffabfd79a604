"""Modelling on the core: the Model, its values, paths, regions, shapes, connectivity, geometry."""
