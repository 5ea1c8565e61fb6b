"""Game records: rootgame's own record format (``records.native``) and the community
notation Rootlog (``records.rootlog``). Import the submodules directly."""
