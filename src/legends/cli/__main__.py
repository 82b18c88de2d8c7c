import sys

from . import main

if __name__ == "__main__":  # not when a worker process of 'legends serve' imports it
    sys.exit(main())
