// A render thread whose module cannot load, as when a thread inherits a preload it cannot run.
throw new Error('this render thread cannot start');
