"""The balance lab: many bot games, win rates with confidence intervals, variant comparison.

Modules: ``runner`` (planning and playing batches; local processes or Ray via
``ray_backend``), ``records`` (one record per game, Parquet files), ``stats`` (Wilson
intervals, paired differences, sequential stopping), ``summary`` (per seat / agent
summaries), ``compare`` (common-random-numbers comparison of params), ``report`` (HTML).
Nothing here imports pyarrow, matplotlib or ray until a function that needs them runs.
See docs/lab.md.
"""
